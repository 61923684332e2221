// RFC 6570 resource templates, through the SDK's UriTemplate (never parsed by hand here): which
// variables a template has, and the URI for the values the user gave. No `vscode` import.
import { UriTemplate } from '@modelcontextprotocol/client';

export type TemplateValues = Record<string, string>;

/** The template's variables in order of appearance, each once; throws on a malformed template. */
export function templateVariables(template: string): string[] {
  return [...new Set(new UriTemplate(template).variableNames)];
}

/**
 * The URI for `values`. Empty values are left out rather than sent as empty strings, so optional
 * parts such as `{?query,limit}` disappear instead of becoming `?query=&limit=`.
 */
export function expandTemplate(template: string, values: TemplateValues): string {
  return new UriTemplate(template).expand(filledValues(values));
}

/** The non-empty values: what `completion/complete` gets as `context.arguments`. */
export function filledValues(values: TemplateValues): TemplateValues {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
}
