export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "—");
export const met = (ok: boolean) => (ok ? "yes" : "**no**");
