import type { HttpMethod } from "./contract";

/**
 * Path template -> methods of every REST contract, kept as plain data: the 405 answers of
 * lib/api/method-not-allowed.ts name the allowed methods from it. lib/api/route-table.test.ts checks it
 * against the registered contracts.
 */
export const ROUTE_TABLE: Record<string, readonly HttpMethod[]> = {
  "/api/about/modules": ["GET"],
  "/api/auth/login": ["POST"],
  "/api/auth/logout": ["POST"],
  "/api/auth/refresh": ["POST"],
  "/api/config/serviceinfo": ["GET"],
  "/api/health": ["GET"],
  "/api/health/ready": ["GET"],
  "/api/info": ["GET"],
  "/api/jobs": ["POST", "PATCH", "DELETE"],
  "/api/jobs/jobstates": ["GET"],
  "/api/jobs/loglevels": ["GET"],
  "/api/jobs/{id}": ["GET", "PATCH", "DELETE"],
  "/api/jobs/{id}/download": ["GET"],
  "/api/jobs/{id}/files/{kind}/{file}": ["GET"],
  "/api/licences": ["POST"],
  "/api/licences/{id}": ["GET"],
  "/api/openapi.json": ["GET"],
  "/api/projects/{id}/download": ["GET"],
  "/api/systems": ["GET", "POST", "PUT"],
  "/api/systems/name": ["GET"],
  "/api/systems/name/{name}": ["GET"],
  "/api/systems/test": ["POST"],
  "/api/systems/{id}": ["GET", "DELETE"],
  "/api/systems/{id}/jobs": ["GET"],
  "/api/systems/{id}/projectNames": ["GET"],
  "/api/systems/{id}/userNames": ["GET"],
  "/api/systems/{id}/users": ["GET"],
  "/api/users": ["PUT"],
  "/api/users/adminRoles": ["GET"],
  "/api/users/register": ["POST"],
  "/api/users/systemRoles": ["GET"],
  "/api/users/{id}": ["GET", "DELETE"],
  "/api/users/{id}/email/change": ["POST"],
  "/api/users/{id}/email/changeViaLink": ["POST"],
  "/api/users/{id}/language": ["PUT"],
  "/api/users/{id}/password/change": ["POST"],
  "/api/users/{id}/password/changeRequired": ["POST"],
  "/api/users/{id}/password/changeViaLink": ["POST"],
  "/api/users/{id}/password/reset": ["GET", "POST"],
  "/api/users/{systemName}/{userName}/password/reset": ["GET"],
  "/api/users/{id}/roles": ["GET"],
  "/api/v2/systems/ids": ["GET"],
  "/api/v3/config/service": ["GET", "PUT"],
  "/api/v3/featureflags": ["GET"],
  "/api/v3/licences": ["GET", "POST"],
  "/api/v3/projects": ["POST"],
  "/api/v3/projects/{id}": ["GET", "DELETE"],
  "/api/v3/projects/{id}/metadata": ["PUT"],
  "/api/v3/projects/{id}/properties": ["POST"],
  "/api/v3/projects/{id}/submissionKey": ["GET", "POST"],
  "/api/v3/projects/{id}/upload": ["POST"],
  "/api/v3/systems/{id}/jobs": ["GET"],
  "/api/v3/systems/{id}/projects": ["GET"],
  "/api/v3/licences/basic": ["GET"],
  "/api/v3/licences/csb": ["POST"],
  "/api/v3/licences/csb/{id}/refresh": ["POST"],
  "/api/v3/licences/virtual": ["POST"],
  "/api/v3/licences/{id}": ["GET", "PATCH", "DELETE"],
  "/api/v3/licences/{id}/parents": ["GET"],
};

function matches(template: string, pathname: string): boolean {
  const want = template.split("/");
  const got = pathname.replace(/\/+$/, "").split("/");
  return want.length === got.length && want.every((segment, i) => segment.startsWith("{") || segment === got[i]);
}

const staticSegments = (template: string) => template.split("/").filter((s) => s && !s.startsWith("{")).length;

/** The methods a path allows; like Next, the match with the most static segments wins (users/register over users/{id}). */
export function allowedMethods(pathname: string): readonly HttpMethod[] | undefined {
  const [best] = Object.keys(ROUTE_TABLE)
    .filter((t) => matches(t, pathname))
    .sort((a, b) => staticSegments(b) - staticSegments(a));
  return best ? ROUTE_TABLE[best] : undefined;
}
