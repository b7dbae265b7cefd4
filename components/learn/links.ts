/** The learn portal of a learn project (spec operations §2 "Learn projects": opened in a new tab). */
export function learnPortalHref(systemName: string, projectId: string): string {
  return `/learn/${encodeURIComponent(systemName)}/project/${projectId}`;
}

/** A cluster's page in the learn portal. */
export function learnClusterHref(systemName: string, projectId: string, clusterId: string): string {
  return `${learnPortalHref(systemName, projectId)}/cluster/${clusterId}`;
}
