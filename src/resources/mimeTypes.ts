// MIME types → file extensions. A resource document's name carries an extension so that VS Code picks
// the language (and the image preview for images) by its own file associations. No `vscode` import.

const EXTENSIONS: Record<string, string[]> = {
  'text/plain': ['.txt'],
  'text/markdown': ['.md', '.markdown'],
  'text/x-markdown': ['.md', '.markdown'],
  'text/html': ['.html', '.htm'],
  'text/css': ['.css'],
  'text/csv': ['.csv'],
  'text/xml': ['.xml'],
  'application/xml': ['.xml'],
  'text/yaml': ['.yaml', '.yml'],
  'application/yaml': ['.yaml', '.yml'],
  'application/x-yaml': ['.yaml', '.yml'],
  'application/toml': ['.toml'],
  'application/json': ['.json', '.jsonc'],
  'application/ld+json': ['.jsonld', '.json'],
  'text/javascript': ['.js', '.mjs', '.cjs'],
  'application/javascript': ['.js', '.mjs', '.cjs'],
  'application/typescript': ['.ts', '.tsx'],
  'text/typescript': ['.ts', '.tsx'],
  'text/x-typescript': ['.ts', '.tsx'],
  'text/x-python': ['.py'],
  'text/x-java': ['.java'],
  'text/x-c': ['.c', '.h'],
  'text/x-c++': ['.cpp', '.hpp', '.cc'],
  'text/x-csharp': ['.cs'],
  'text/x-go': ['.go'],
  'text/x-rust': ['.rs'],
  'text/x-ruby': ['.rb'],
  'text/x-php': ['.php'],
  'text/x-shellscript': ['.sh'],
  'application/x-sh': ['.sh'],
  'application/sql': ['.sql'],
  'text/x-sql': ['.sql'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/svg+xml': ['.svg'],
  'image/bmp': ['.bmp'],
  'image/x-icon': ['.ico'],
  'image/vnd.microsoft.icon': ['.ico'],
  'application/pdf': ['.pdf'],
  'application/zip': ['.zip'],
  'audio/mpeg': ['.mp3'],
  'audio/wav': ['.wav'],
  'video/mp4': ['.mp4'],
  'video/webm': ['.webm'],
};

/** `text/plain; charset=utf-8` → `text/plain`. */
export function baseMimeType(mimeType: string | undefined): string | undefined {
  const base = mimeType?.split(';')[0]?.trim().toLowerCase();
  return base || undefined;
}

function extensionsFor(mimeType: string | undefined): string[] | undefined {
  const base = baseMimeType(mimeType);
  if (!base) return undefined;
  if (EXTENSIONS[base]) return EXTENSIONS[base];
  if (base.endsWith('+json')) return ['.json'];
  if (base.endsWith('+xml')) return ['.xml'];
  return undefined;
}

/**
 * A file name whose extension matches the MIME type: `clock` + text/plain → `clock.txt`,
 * `data` + application/json → `data.json`. A name that already has a fitting extension is kept, and so
 * is any extension when the type says nothing specific (text/plain, octet-stream, none): `notes.md`
 * served as text/plain still opens as Markdown.
 */
export function fileNameFor(name: string, mimeType: string | undefined): string {
  const extension = /\.[a-z0-9]{1,10}$/i.exec(name)?.[0]?.toLowerCase();
  const base = baseMimeType(mimeType);
  const generic = !base || base === 'text/plain' || base === 'application/octet-stream';
  if (extension && generic) return name;
  const known = extensionsFor(mimeType);
  if (!known) return name;
  if (extension && known.includes(extension)) return name;
  return `${name}${known[0]}`;
}
