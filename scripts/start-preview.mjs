// The built app served by scripts/serve.mjs for the measuring scripts (bench-browser, trace-load):
// started detached so the caller can stop its whole process group, and awaited until it answers.
import { spawn } from 'node:child_process';

/** serve.mjs on `port`, once it answers (about 30 s at most). */
export async function startPreview(port) {
  const child = spawn('node', ['scripts/serve.mjs', '--port', String(port)], {
    stdio: 'ignore',
    detached: true
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://localhost:${port}`)).ok) return child;
    } catch {
      if (i > 150) throw new Error(`serve.mjs did not start on ${port}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
