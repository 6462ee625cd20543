/**
 * What a volunteer feels and hears with a verdict (issue 43), so they need not read the screen: one short buzz
 * and a high beep to admit, three buzzes and a low tone to stop. The tone is made by WebAudio (no sound file to
 * download or precache). Browser-only; silently nothing where a phone has no vibration or sound.
 */
let audio: AudioContext | null = null;

/** Called from a tap: browsers start sound only after the person touched the page. */
export function unlockSound() {
  try {
    audio ??= new AudioContext();
    void audio.resume();
  } catch {
    audio = null;
  }
}

export function signal(good: boolean) {
  navigator.vibrate?.(good ? 80 : [120, 80, 120, 80, 120]);
  if (!audio || audio.state !== "running") return;
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.frequency.value = good ? 1320 : 220;
  tone.type = good ? "sine" : "square";
  gain.gain.setValueAtTime(0.2, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + (good ? 0.15 : 0.4));
  tone.connect(gain).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + (good ? 0.15 : 0.4));
}
