import { PortalNotFound } from "@/components/portal/portal-not-found";

/** An unknown cluster or page of a learn project keeps the learn portal's header. */
export default PortalNotFound;
