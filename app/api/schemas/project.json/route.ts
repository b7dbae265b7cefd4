import { projectFileSchemaContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { projectJsonSchema } from "@/lib/projects/json-schema";

// issue 24 §3: the format of project.json, public as the OpenAPI document is (no tenant data in it)
export const GET = route(projectFileSchemaContract, async () => projectJsonSchema());

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
