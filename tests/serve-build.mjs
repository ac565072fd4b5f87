// The built app served by a server of the test's own, shared by the Playwright specs (through
// preview-server.ts) and the engine smoke (tests/engines), which runs outside Playwright.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * A port nobody is listening on right now (the OS picks it).
 * @returns {Promise<number>}
 */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, 'localhost', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A server of the built app that one test owns, so it can stop it to prove the app works with no
 * server at all (the shared server keeps serving the other tests). Unless told a port, it listens
 * on a free one of its own, so parallel tests and other checkouts never share it.
 * @param {number} [requestedPort]
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startPreview(requestedPort) {
  const port = requestedPort ?? (await freePort());
  const child = spawn('node', ['scripts/serve.mjs', '--port', String(port)], {
    stdio: 'ignore',
    detached: true
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`the app server on ${port} exited before it served`);
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`the app server on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    if (!exited && child.pid) process.kill(-child.pid, 'SIGTERM');
    // Wait until the port refuses connections, so "offline" really means no server.
    for (let i = 0; i < 50; i++) {
      try {
        await fetch(url);
        await new Promise((r) => setTimeout(r, 100));
      } catch {
        return;
      }
    }
    throw new Error(`the app server on ${port} did not stop`);
  };
  return { url, stop };
}
