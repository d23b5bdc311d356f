/**
 * Between the cashier-service and the widget's server entry (a build artefact the server loads
 * at run time, docs/decisions/0125-first-screen-rendered-by-the-server.md): what the server asks
 * its `renderFirstScreen` for, and what it answers. The two packages never import each other, so
 * the shape lives here; the server still checks the answer, which comes from a file.
 *
 * @packageDocumentation
 */

/** The page's address and user agent, and the JSON the document inlines (cd-page-data). */
export interface FirstScreenRequest {
  readonly address: string;
  readonly userAgent: string;
  readonly pageData: string;
}

/** A rendered first screen and what the document needs around it. */
export interface FirstScreen {
  /** The content of #root. */
  readonly html: string;
  /** The method page rendered (the automatic choice), or null for the homepage's list. */
  readonly path: string | null;
  /** The environment it rendered for (SPEC §1 channel, platform, device). */
  readonly environment: Readonly<Record<'channel' | 'platform' | 'device', string>>;
  /** `<html lang dir>`. */
  readonly lang: string;
  readonly dir: 'ltr' | 'rtl';
  /** `<body>`'s attributes (SPEC §2 body data attributes and dir). */
  readonly bodyAttributes: Readonly<Record<string, string>>;
}
