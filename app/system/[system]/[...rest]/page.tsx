import { notFound } from "next/navigation";

/** Any other path below a system's portal is not found inside the portal's frame (../not-found.tsx). */
export default function SystemUnknownPage() {
  notFound();
}
