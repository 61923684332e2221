// A task's input request (2026: an entry of a task's inputRequests) answered through the same dialogs
// as the server's own requests: elicitation forms and URLs, sampling with the user's approval.
import type { CreateMessageRequestParams, ElicitRequestFormParams, ElicitRequestURLParams } from '@modelcontextprotocol/client';
import type { ElicitationPrompter } from '../elicitation/elicitationCapability';
import type { TaskInputRequest } from '../mcp/tasks/toolTasks';
import type { SamplingHandler } from '../sampling/samplingCapability';

export async function answerTaskInput(
  server: string,
  request: TaskInputRequest,
  signal: AbortSignal,
  elicitation: ElicitationPrompter,
  sampling: SamplingHandler,
): Promise<unknown> {
  if (request.method === 'elicitation/create') {
    const params = request.params as unknown as ElicitRequestFormParams | ElicitRequestURLParams;
    return params.mode === 'url' ? elicitation.url(server, params, signal) : elicitation.form(server, params as ElicitRequestFormParams, signal);
  }
  if (request.method === 'sampling/createMessage') return sampling.createMessage(server, request.params as unknown as CreateMessageRequestParams, signal);
  throw new Error(`The task asks for '${request.method}', which this client does not answer.`);
}
