/**
 * A seeded pseudo-random generator (mulberry32): the engine's only source of chance, so that the same input and seed
 * give the same model and the same clusters on every run and every machine.
 */
export type Random = {
  /** uniform in [0, 1) */
  next: () => number;
  /** standard normal (Box–Muller) */
  gaussian: () => number;
};

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const gaussian = () => {
    const u = 1 - next();
    const v = next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  return { next, gaussian };
}
