/**
 * Stable error codes of the REST API (spec foundation §8, operations §8) with their HTTP status
 * and English fallback text. The UI translates by code (messages/*.json, namespace "errors").
 */
export const ERROR_CODES = {
  // generic
  BadRequest: { status: 400, message: "Bad request." },
  InvalidField: { status: 400, message: "The field {field} is invalid: {reason}." },
  InvalidJson: { status: 400, message: "The request body is not valid JSON." },
  InvalidId: { status: 400, message: "The id {id} is not valid." },
  PayloadTooLarge: { status: 413, message: "The request body is larger than {limit} bytes." },
  UnsupportedMediaType: { status: 415, message: "Send the request body as {expected}." },
  NotFound: { status: 404, message: "Not found." },
  MethodNotAllowed: { status: 405, message: "Method {method} is not allowed here." },
  AccessDenied: { status: 403, message: "Access denied." },
  InternalError: { status: 500, message: "An internal error occurred (request {requestId})." },
  ServiceUnavailable: { status: 503, message: "The service is not ready." },
  // authentication
  MissingUserName: { status: 400, message: "Missing user name." },
  MissingPassword: { status: 400, message: "Missing password." },
  MissingSystem: { status: 400, message: "Missing system." },
  InvalidCredentials: { status: 401, message: "Wrong user name or password." },
  UserLockedOut: { status: 403, message: "The user is locked out until {until}." },
  UserDisabled: { status: 403, message: "The user is disabled." },
  SystemDeactivated: { status: 403, message: "The system is deactivated." },
  MissingToken: { status: 401, message: "The token is empty or malformed." },
  InvalidToken: { status: 401, message: "The token is not valid." },
  TokenExpired: { status: 401, message: "The token has expired." },
  RefreshTokenExpired: { status: 410, message: "The refresh token has expired." },
  InvalidRoles: { status: 403, message: "The user's roles do not allow this." },
  PasswordChangeRequired: { status: 403, message: "The password must be changed first." },
  InvalidPasswordObfuscation: { status: 400, message: "The obfuscated password cannot be decoded." },
  // password rules (spec foundation §5)
  PasswordEmpty: { status: 400, message: "The password is empty." },
  PasswordsNotEqual: { status: 400, message: "The passwords are not equal." },
  NoDigits: { status: 400, message: "The password needs at least one digit." },
  NoLowerChars: { status: 400, message: "The password needs at least one lowercase letter." },
  NoUppercaseChars: { status: 400, message: "The password needs at least one uppercase letter." },
  NoNonAlphanumericChars: { status: 400, message: "The password needs at least one character that is neither letter nor digit." },
  TooShort: { status: 400, message: "The password needs at least {min} characters." },
  missingOldPassword: { status: 400, message: "The old password is missing." },
  // users
  UserNotFound: { status: 404, message: "The user was not found." },
  RoleNotAllowed: { status: 400, message: "The role {role} cannot be given here." },
  UserAlreadyExists: { status: 409, message: "A user named {name} already exists." },
  InvalidUserName: { status: 400, message: "The user name may contain only letters and digits." },
  InvalidEmail: { status: 400, message: "The e-mail address is not valid." },
  EmailInUse: { status: 409, message: "The e-mail address is already in use." },
  InvalidLanguage: { status: 400, message: "The language {language} is not supported." },
  InvalidCsbUserOperation: { status: 400, message: "This operation is not valid for a CSB user." },
  WrongOldPassword: { status: 400, message: "The old password is wrong." },
  WrongPassword: { status: 400, message: "The password is wrong." },
  LinkInvalid: { status: 400, message: "The link is invalid, already used or expired." },
  OwnUserNotEditable: { status: 403, message: "You cannot change or delete your own user here." },
  LastSuperAdmin: { status: 409, message: "The last active super administrator cannot be removed." },
  UserHasNoEmail: { status: 400, message: "The user has no e-mail address." },
  MissingEmail: { status: 400, message: "The e-mail address is missing." },
  MissingUserId: { status: 400, message: "The user id is missing." },
  SystemNotFound: { status: 404, message: "The system was not found." },
  UserTypeNotChangeable: { status: 400, message: "The type of a user cannot be changed." },
  MailFailed: { status: 502, message: "The e-mail could not be sent. Please check the server logs." },
  configuration_error_tokenExpirationTooLow: { status: 400, message: "The token expiration must be at least 10 minutes." },
  configuration_error_missingEMailHost: {
    status: 400,
    message: "An e-mail host is required while e-mail confirmation is active.",
  },
  configuration_error_missingLogFile: { status: 400, message: "File logging needs a log file or a log4net configuration file." },
  MissingSystemName: { status: 400, message: "The system name is missing." },
  InvalidSystemName: { status: 400, message: "The system name may contain only letters and digits, at most {max}." },
  SystemNameReserved: { status: 400, message: "The name Supersystem is reserved." },
  SystemNameExists: { status: 409, message: "A system named {name} already exists." },
  WrongSystemType: { status: 400, message: "This system type is not possible here." },
  MissingCsbUrl: { status: 400, message: "A CSB system needs the URL of the content-services backend." },
  MissingCsbCustomer: { status: 400, message: "A CSB system needs the customer (tenant)." },
  MissingCsbUser: { status: 400, message: "A CSB system needs a user." },
  MissingCsbPassword: { status: 400, message: "A CSB system needs a password." },
  SystemNotDeletable: { status: 409, message: "Only an inactive system other than the Supersystem can be deleted." },
  SystemNotEditable: { status: 400, message: "The Supersystem keeps its name, type and active state." },
  CsbLoginError: {
    status: 502,
    message: "Error when logging on to the content-services backend. Please check the connection, the URL, and the credentials.",
  },
  LicenceNotFound: { status: 400, message: "The licence {id} does not exist." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}
