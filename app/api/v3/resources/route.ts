import { deleteResourcesContract, uploadResourceContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { deleteResources } from "@/lib/resources/services/delete-resources";
import { uploadResource } from "@/lib/resources/services/upload-resource";
import { withResourceUpload } from "@/lib/resources/upload";

export const POST = route(uploadResourceContract, ({ db, caller, req }) =>
  withResourceUpload(db, req, (upload) => uploadResource(db, { caller, ...upload })),
);

export const DELETE = route(deleteResourcesContract, ({ db, caller, body }) => deleteResources(db, { caller, body }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
