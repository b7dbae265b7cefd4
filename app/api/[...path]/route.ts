import { toEnvelope } from "@/lib/errors/envelope";

// Unknown /api/... paths answer 404 in the error envelope (DESIGN.md "One error shape").
function notFound(): Response {
  return Response.json(toEnvelope([{ code: "NotFound" }]), { status: 404 });
}

export { notFound as DELETE, notFound as GET, notFound as PATCH, notFound as POST, notFound as PUT };
