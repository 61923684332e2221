// What the app's iframe may do: the sandbox flags (scripts and forms, never allow-same-origin, so the
// app has an opaque origin and reaches neither the webview page, VS Code nor other apps), the
// Permission Policy features it is granted (`allow`, built by ext-apps' buildAllowAttribute), and its
// document with the Content-Security-Policy in front. Core bundle (it uses ext-apps at run time).
import { buildAllowAttribute } from '@modelcontextprotocol/ext-apps/app-bridge';
import { appContentSecurityPolicy, pageContentSecurityPolicy, withContentSecurityPolicy } from './appCsp';
import { colorSchemeScript } from './colorSchemeShim';
import type { DeclaredPermissions, UiResource } from './uiResource';

export const APP_SANDBOX = 'allow-scripts allow-forms';

/**
 * The features a VS Code webview can pass on to a frame inside it. Its own content frame is created
 * with `allow="cross-origin-isolated; autoplay; local-network-access; clipboard-read; clipboard-write"`,
 * and a frame can only delegate what it has: camera, microphone and geolocation would be refused
 * however the iframe asked, so they are not granted (and not advertised).
 */
export const GRANTABLE_PERMISSIONS: readonly (keyof DeclaredPermissions)[] = ['clipboardWrite'];

export interface AppSandbox {
  /** The app's HTML, its policy first. */
  html: string;
  /** The policy of the webview page around it (which the app inherits as well). */
  pagePolicy: string;
  appPolicy: string;
  sandbox: string;
  /** The iframe's `allow` attribute. */
  allow: string;
  granted: DeclaredPermissions;
  /** Permissions asked for and not granted, for the server's log. */
  refused: string[];
}

export function grantPermissions(declared: DeclaredPermissions): { granted: DeclaredPermissions; refused: string[]; allow: string } {
  const granted: DeclaredPermissions = {};
  const refused: string[] = [];
  for (const key of Object.keys(declared) as (keyof DeclaredPermissions)[]) {
    if (GRANTABLE_PERMISSIONS.includes(key)) granted[key] = {};
    else refused.push(key);
  }
  return { granted, refused, allow: buildAllowAttribute(granted) };
}

/** `theme`: the host's theme as the document is handed over; the app's prefers-color-scheme follows it (colorSchemeShim.ts). */
export function appSandbox(resource: UiResource, theme?: 'light' | 'dark'): AppSandbox {
  const appPolicy = appContentSecurityPolicy(resource.csp);
  const { granted, refused, allow } = grantPermissions(resource.permissions);
  return {
    html: withContentSecurityPolicy(resource.html, appPolicy, theme ? colorSchemeScript(theme) : ''),
    pagePolicy: pageContentSecurityPolicy(resource.csp),
    appPolicy,
    sandbox: APP_SANDBOX,
    allow,
    granted,
    refused,
  };
}
