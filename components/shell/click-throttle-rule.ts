/** spec foundation §9: button clicks are throttled to one per second. */
export const CLICK_THROTTLE_MS = 1000;

/**
 * Which clicks the throttle lets through. A click of the button clicked last, within CLICK_THROTTLE_MS, is a repeat
 * (a double click, an impatient second press) and is swallowed. Once the user has done something else in between
 * (`edited` a field, clicked another button) the next click is a new decision and goes through, however quickly it
 * comes: a Save the form refused and the Save after the field was corrected, or Export, No in its dialog and Export
 * again, each count.
 */
export function createClickThrottle<K>(ms = CLICK_THROTTLE_MS) {
  let last: { button: K; at: number } | null = null;
  return {
    /** whether a click of `button` at `now` (ms) goes through; one that does is the one a repeat is measured from */
    allow(button: K, now: number): boolean {
      if (last && last.button === button && now - last.at < ms) return false;
      last = { button, at: now };
      return true;
    },
    /** the user changed a field's value: the next click of any button is a new decision */
    edited(): void {
      last = null;
    },
  };
}
