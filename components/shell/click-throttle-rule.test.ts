import { describe, expect, it } from "vitest";
import { CLICK_THROTTLE_MS, createClickThrottle } from "./click-throttle-rule";

describe("the click throttle (spec foundation §9)", () => {
  const save = { name: "save" };
  const no = { name: "no" };

  it("swallows a second click of one button within the second, lets it through after", () => {
    const throttle = createClickThrottle();
    expect(throttle.allow(save, 0)).toBe(true);
    expect(throttle.allow(save, 300)).toBe(false);
    expect(throttle.allow(save, CLICK_THROTTLE_MS - 1)).toBe(false);
    expect(throttle.allow(save, CLICK_THROTTLE_MS)).toBe(true);
  });

  it("a swallowed click does not stretch the window", () => {
    const throttle = createClickThrottle();
    throttle.allow(save, 0);
    expect(throttle.allow(save, 900)).toBe(false);
    expect(throttle.allow(save, 1000)).toBe(true);
  });

  it("a field edited after a click makes the next click a new decision (Save refused, value corrected, Save)", () => {
    const throttle = createClickThrottle();
    expect(throttle.allow(save, 0)).toBe(true);
    throttle.edited();
    expect(throttle.allow(save, 250)).toBe(true);
    // and that click is the one the next repeat is measured from
    expect(throttle.allow(save, 400)).toBe(false);
  });

  it("another button clicked in between does too (Export, No in its dialog, Export again)", () => {
    const throttle = createClickThrottle();
    expect(throttle.allow(save, 0)).toBe(true);
    expect(throttle.allow(no, 200)).toBe(true);
    expect(throttle.allow(save, 400)).toBe(true);
    expect(throttle.allow(save, 500)).toBe(false);
  });
});
