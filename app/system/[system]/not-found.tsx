import { PortalNotFound } from "@/components/portal/portal-not-found";

/** Unknown system portal pages, and an unknown job, user or project, keep the portal's header and sidebar. */
export default PortalNotFound;
