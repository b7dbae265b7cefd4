/** The `esproject` part of a project upload, or null when none was sent. */
export async function esprojectPart(form: FormData): Promise<Uint8Array | null> {
  const part = form.get("esproject");
  if (!part || typeof part === "string") return null;
  return new Uint8Array(await part.arrayBuffer());
}
