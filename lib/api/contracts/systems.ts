import { z } from "zod";
import { ZCsbTest, ZSystem, ZSystemIds, ZSystemInput, ZTestResult } from "@/lib/systems/schemas";
import { defineContract } from "../contract";

const ZId = z.object({ id: z.uuid({ error: "InvalidId" }) });

export const listSystemsContract = defineContract({
  method: "GET",
  path: "/api/systems",
  summary: "All systems, or those using the licence of query licenceId (system and licence administrators)",
  tag: "Systems",
  auth: "bearer",
  query: z.object({ licenceId: z.string().max(200).optional() }),
  response: z.array(ZSystem),
});

export const createSystemContract = defineContract({
  method: "POST",
  path: "/api/systems",
  summary: "Add a system (ManageSystems); its scheduler and default configuration come with it",
  tag: "Systems",
  auth: "bearer",
  permission: "ManageSystems",
  body: ZSystemInput,
  response: ZSystem,
  maxBodyBytes: 64 * 1024,
});

export const updateSystemContract = defineContract({
  method: "PUT",
  path: "/api/systems",
  summary: "Change a system (ManageSystems); a system's own administrators change only its ccsApiKey",
  tag: "Systems",
  auth: "bearer",
  body: ZSystemInput,
  response: ZSystem,
  maxBodyBytes: 64 * 1024,
});

export const getSystemContract = defineContract({
  method: "GET",
  path: "/api/systems/{id}",
  summary: "A system",
  tag: "Systems",
  auth: "bearer",
  params: ZId,
  response: ZSystem,
});

export const getSystemByNameContract = defineContract({
  method: "GET",
  path: "/api/systems/name/{name}",
  summary: "A system by name (case-insensitive)",
  tag: "Systems",
  auth: "bearer",
  params: z.object({ name: z.string().max(200) }),
  response: ZSystem,
});

export const deleteSystemContract = defineContract({
  method: "DELETE",
  path: "/api/systems/{id}",
  summary: "Delete an inactive system other than the Supersystem, with its users and data",
  tag: "Systems",
  auth: "bearer",
  permission: "ManageSystems",
  params: ZId,
});

export const systemIdsContract = defineContract({
  method: "GET",
  path: "/api/v2/systems/ids",
  summary: "Ids and names of all systems (admin portal users)",
  tag: "Systems",
  auth: "bearer",
  permission: "AccessAdminDashboard",
  response: ZSystemIds,
});

export const testCsbContract = defineContract({
  method: "POST",
  path: "/api/systems/test",
  summary: "Test the connection of a CSB system's content-services backend",
  tag: "Systems",
  auth: "bearer",
  permission: "ManageSystems",
  body: ZCsbTest,
  response: ZTestResult,
  maxBodyBytes: 16 * 1024,
});
