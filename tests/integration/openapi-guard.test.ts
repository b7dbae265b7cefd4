import { describe, expect, it } from "vitest";
import { checkAnswer } from "../helpers/openapi-check";

// The drift guard of tests/helpers/http.ts call(): these answers are made up, to show that it fails where it should.
const json = (status: number, body: unknown) => ({
  status,
  headers: new Headers({ "content-type": "application/json" }),
  text: JSON.stringify(body),
});
const envelope = (...codes: string[]) => ({ errors: codes.map((code) => ({ code, message: code, messageParameter: null })) });
const at = (path: string) => new URL(path, "http://localhost");

describe("the drift guard of call()", () => {
  it("accepts declared answers, with or without a trailing slash", () => {
    expect(() => checkAnswer("GET", at("/api/health"), json(200, { status: "ok" }))).not.toThrow();
    expect(() => checkAnswer("GET", at("/api/health/"), json(200, { status: "ok" }))).not.toThrow();
    expect(() => checkAnswer("POST", at("/api/users/register"), json(409, envelope("UserAlreadyExists")))).not.toThrow();
    expect(() => checkAnswer("GET", at("/api/no/such/thing"), json(404, envelope("NotFound")))).not.toThrow();
    expect(() => checkAnswer("DELETE", at("/api/info"), json(405, envelope("MethodNotAllowed")))).not.toThrow();
    expect(() =>
      checkAnswer("GET", at("/api/jobs/4711/download"), {
        status: 200,
        headers: new Headers({ "content-type": "application/zip" }),
        text: "PK",
      }),
    ).not.toThrow();
  });

  it("fails a status the operation does not declare, naming operation and status", () => {
    expect(() => checkAnswer("GET", at("/api/info"), json(409, envelope("UserAlreadyExists")))).toThrow(
      /GET \/api\/info answered 409: status not declared/,
    );
  });

  it("fails a body that does not match the schema of its status", () => {
    expect(() => checkAnswer("GET", at("/api/health"), json(200, { status: "fine" }))).toThrow(
      /GET \/api\/health answered 200: body does not match the schema: .*status/,
    );
    expect(() => checkAnswer("GET", at("/api/users/systemRoles"), json(401, { error: "nope" }))).toThrow(/body does not match/);
  });

  it("fails an error code the operation does not name for that status", () => {
    expect(() => checkAnswer("POST", at("/api/users/register"), json(409, envelope("SystemNameExists")))).toThrow(
      /code SystemNameExists is not in x-error-codes of 409/,
    );
    // several codes: the first decides the status, the rest must be named by the operation
    expect(() => checkAnswer("POST", at("/api/users/register"), json(400, envelope("RoleNotAllowed", "LicenceInUse")))).toThrow(
      /LicenceInUse are named by no response/,
    );
  });

  it("fails a file of another media type, a 204 with a body, and a wrong answer to an unknown path or method", () => {
    expect(() =>
      checkAnswer("GET", at("/api/jobs/4711/download"), {
        status: 200,
        headers: new Headers({ "content-type": "text/html" }),
        text: "<html>",
      }),
    ).toThrow(/content type text\/html, declared application\/zip/);
    expect(() => checkAnswer("POST", at("/api/auth/logout"), json(204, {}))).toThrow(/without a body/);
    expect(() => checkAnswer("GET", at("/api/no/such/thing"), json(200, {}))).toThrow(/expected 404 NotFound/);
    expect(() => checkAnswer("PUT", at("/api/info"), json(404, envelope("NotFound")))).toThrow(/expected 405 MethodNotAllowed/);
  });

  it("checks the spec's systems/name/{name} against the operation it is an alias of", () => {
    expect(() => checkAnswer("GET", at("/api/systems/name/Acme"), json(404, envelope("SystemNotFound")))).not.toThrow();
    expect(() => checkAnswer("GET", at("/api/systems/name/Acme"), json(409, envelope("SystemNameExists")))).toThrow(
      /GET \/api\/systems\/name\/\{name\} answered 409/,
    );
  });
});
