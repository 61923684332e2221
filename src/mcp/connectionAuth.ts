// OAuth at the connection level. The SDK transport runs auth() with the provider; when that needed the
// user agent, the provider completed the round trip and holds the redirect's parameters, which are
// redeemed here (the transport's finishAuth) before the connection is tried again.
import { SdkHttpError, UnauthorizedError } from '@modelcontextprotocol/client';
import type { AuthProvider, OAuthClientProvider, SSEClientTransport, StreamableHTTPClientTransport, Transport } from '@modelcontextprotocol/client';
import type { MaskingLogger } from './logger';
import type { ServerDefinition } from './serverDefinition';

/** OAuth for one HTTP server: the provider the transport runs auth() with, and the completed redirect. */
export interface ConnectionAuth {
  readonly provider: OAuthClientProvider | AuthProvider;
  takeCallback?(): URLSearchParams | undefined;
  /**
   * Runs before the connection: the SDK reads the client metadata (its redirect URI) before it asks
   * anything else, so what needs an await (the redirect's port, its external address) is settled here.
   */
  prepare?(): Promise<void>;
  /**
   * The user's opt-in for an authorization server known to publish an `issuer` that differs from its
   * metadata URL (some 2025-03-26-era servers). Security-weakening, so never on by default.
   */
  skipIssuerMetadataValidation?: boolean;
}

/** A start's run-time parts, from SessionOptions.prepare: the definition with inputs filled in, and OAuth. */
export interface PreparedStart {
  definition: ServerDefinition;
  auth?: ConnectionAuth;
  /** Values to mask wherever they would be logged (the user's inputs). */
  secrets?: readonly string[];
}

/** The connection needs the user to sign in (no browser is opened without a user action). */
export class AuthorizationRequiredError extends Error {
  readonly code = 'MCP_AUTH_REQUIRED';
  constructor(message = 'Sign-in required.') {
    super(message);
    this.name = 'AuthorizationRequiredError';
  }
}

/**
 * Authorizations one connect may redeem (sign-in, then a scope step-up). A server that keeps asking
 * after that is refused: at most three authorization requests per connect, never an endless loop.
 */
const MAX_AUTHORIZATION_ROUNDS = 2;

/**
 * After an UnauthorizedError: redeems the authorization the user just completed on the transport
 * that asked for it (it knows the challenged scope and resource metadata) and says "try again".
 * Without a completed authorization the error becomes AuthorizationRequiredError.
 */
export async function redeemAuthorization(
  error: unknown,
  transport: Transport | undefined,
  auth: ConnectionAuth | undefined,
  logger: MaskingLogger,
  round: number,
): Promise<boolean> {
  const refused = error instanceof UnauthorizedError || (error instanceof SdkHttpError && error.status === 401);
  if (!refused) return false;
  if (!auth) {
    // Credentials the user set themselves (an Authorization header): retrying cannot fix a refusal.
    throw Object.assign(new Error('The server refused the credentials (401 Unauthorized): check the Authorization header and the input it uses.', { cause: error }), {
      code: 'MCP_UNAUTHORIZED',
    });
  }
  if (!(error instanceof UnauthorizedError)) return false;
  const callback = auth.takeCallback?.();
  if (!callback || round >= MAX_AUTHORIZATION_ROUNDS || !transport) throw new AuthorizationRequiredError();
  logger.info('Authorization granted; exchanging the code for a token.');
  await (transport as StreamableHTTPClientTransport | SSEClientTransport).finishAuth(callback);
  return true;
}

/** Redeems a completed authorization after a request failed with UnauthorizedError; false when there is none. */
export async function redeemCallback(error: unknown, transport: Transport, auth: ConnectionAuth | undefined): Promise<boolean> {
  if (!(error instanceof UnauthorizedError) || !auth?.takeCallback) return false;
  const callback = auth.takeCallback();
  if (!callback) return false;
  await (transport as StreamableHTTPClientTransport).finishAuth(callback);
  return true;
}
