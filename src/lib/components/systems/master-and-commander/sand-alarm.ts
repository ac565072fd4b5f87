// The sand-run-out alarm, apart from mc-ui.ts (the panels' shapes and the live cards), so the
// battle's status, on its first screen, loads none of those (issue 40).

/**
 * "When the sand has run through, the next player to move rolls the Wind Die" (SPEC A.4.3): a
 * vibration and three short beeps on `audio`, which must have been made on a tap (browsers let a
 * page play sound only after one); without it, the vibration alone.
 */
export function sandRunOutAlarm(audio: AudioContext | null): void {
  if (typeof navigator !== 'undefined' && 'vibrate' in navigator)
    navigator.vibrate([300, 150, 300]);
  if (audio === null) return;
  const t0 = audio.currentTime;
  for (let i = 0; i < 3; i++) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.25, t0 + i * 0.4);
    gain.gain.exponentialRampToValueAtTime(0.001, t0 + i * 0.4 + 0.3);
    osc.connect(gain).connect(audio.destination);
    osc.start(t0 + i * 0.4);
    osc.stop(t0 + i * 0.4 + 0.3);
  }
}
