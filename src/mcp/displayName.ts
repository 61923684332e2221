// The name to show for a prompt, resource, template or tool: `title`, then a tool's
// `annotations.title`, then `name`. The same rule as the SDK's getDisplayName, kept here so that UI
// code does not load the SDK on the activation path.
export function getDisplayName(metadata: { name: string; title?: string; annotations?: { title?: string } }): string {
  if (metadata.title !== undefined && metadata.title !== '') return metadata.title;
  if (metadata.annotations?.title) return metadata.annotations.title;
  return metadata.name;
}
