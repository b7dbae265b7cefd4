import { PortalNotFound } from "@/components/portal/portal-not-found";

/** Unknown admin pages (and notFound() of a page) keep the portal's header and sidebar. */
export default PortalNotFound;
