import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A preview server of the built app that a test owns, so it can stop it to prove the app works with
 * no server at all (the shared server on 4173 keeps serving the other tests).
 */
export async function startPreview(
  port: number
): Promise<{ url: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn('node', ['scripts/serve.mjs', '--port', String(port)], {
    stdio: 'ignore',
    detached: true
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`preview server on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    // Wait until the port refuses connections, so "offline" really means no server.
    for (let i = 0; i < 50; i++) {
      try {
        await fetch(url);
        await new Promise((r) => setTimeout(r, 100));
      } catch {
        return;
      }
    }
    throw new Error(`preview server on ${port} did not stop`);
  };
  return { url, stop };
}
