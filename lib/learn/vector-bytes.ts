/**
 * A document's embedding or a cluster's centroid as it is stored (bytea: learn_documents.vector, learn_clusters.centroid):
 * float32 little-endian, byte for byte, so a vector read back is bitwise the one written.
 */

export function toVectorBytes(vector: Float32Array): Uint8Array {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < vector.length; i++) view.setFloat32(i * 4, vector[i]!, true);
  return bytes;
}

export function fromVectorBytes(bytes: Uint8Array): Float32Array {
  if (bytes.byteLength % 4 !== 0) throw new Error("not a float32 vector: its length is no multiple of 4 bytes");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}
