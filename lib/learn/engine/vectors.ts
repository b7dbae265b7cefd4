/**
 * Dense vectors: Float32Array for what is kept (embeddings, centroids), float64 for sums while computing, and the
 * base64 form of a Float32Array for JSON (a model's parts, an exported centroid): little-endian, byte for byte, so a
 * vector read back from JSON is bitwise the one written.
 */

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

export function norm(a: ArrayLike<number>): number {
  return Math.sqrt(dot(a, a));
}

/** a / |a| as a Float32Array; all zeros when a is zero */
export function unit(a: ArrayLike<number>): Float32Array {
  const out = new Float32Array(a.length);
  const n = norm(a);
  if (n === 0) return out;
  for (let i = 0; i < a.length; i++) out[i] = a[i]! / n;
  return out;
}

/** cosine of two vectors (0 when either is zero) */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = norm(a) * norm(b);
  return n === 0 ? 0 : dot(a, b) / n;
}

/** the normalised mean of unit vectors: a cluster's centroid */
export function centroidOf(vectors: readonly ArrayLike<number>[], dimension: number): Float32Array {
  const sum = new Float64Array(dimension);
  for (const v of vectors) for (let i = 0; i < dimension; i++) sum[i]! += v[i]!;
  return unit(sum);
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

function fromBase64(text: string): Uint8Array {
  const buffer = Buffer.from(text, "base64");
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

export function encodeFloat32(values: Float32Array): string {
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, values[i]!, true);
  return toBase64(bytes);
}

export function decodeFloat32(text: string): Float32Array {
  const bytes = fromBase64(text);
  if (bytes.byteLength % 4 !== 0) throw new Error("not a float32 vector: length is no multiple of 4 bytes");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

export function encodeInt8(values: Int8Array): string {
  return toBase64(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
}

export function decodeInt8(text: string): Int8Array {
  const bytes = fromBase64(text);
  return new Int8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}
