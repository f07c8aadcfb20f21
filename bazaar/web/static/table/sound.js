/* A short beep (WebAudio, no sound file) when it becomes your turn, if the sound is on. */

export const SOUND_KEY = "bazaar.sound";

/** @type {AudioContext | null} */
let audio = null;

export function soundOn() { return localStorage.getItem(SOUND_KEY) === "on"; }

export function beep() {
  if (!soundOn()) return;
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    const ctx = audio || (audio = new Ctx());
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.25);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.25);
    document.body.dataset.beeps = String(Number(document.body.dataset.beeps || 0) + 1);
  } catch (err) { console.error(err); }
}
