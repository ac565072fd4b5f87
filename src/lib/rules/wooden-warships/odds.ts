// Exact Wooden Warships odds (SPEC B.7), from the same tables and plans as the resolvers.
export * from './odds-gunnery';
export * from './odds-boarding';
