// A Protocol view stand-in for the tests of src/mcp/: it watches (recording), with the handlers a test gives.
// Kept next to those tests rather than in ../helpers.ts, which every built unit test file carries.
import type { ProtocolTap } from '../../../src/mcp/protocolTap';

export function watchingTap(handlers: Partial<Omit<ProtocolTap, 'recording'>>): ProtocolTap {
  const nothing = () => undefined;
  return { recording: true, skipped: nothing, message: nothing, stderr: nothing, stdout: nothing, http: nothing, note: nothing, ...handlers };
}
