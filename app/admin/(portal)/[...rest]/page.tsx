import { notFound } from "next/navigation";

/** Any other path below /admin is not found inside the portal's frame (./not-found.tsx), not the bare root page. */
export default function AdminUnknownPage() {
  notFound();
}
