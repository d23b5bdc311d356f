/**
 * Content pages and the right-to-left asset list (SPEC §2 /content, §7).
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { DateTime } from './common';

/** A content page address segment. */
export const ContentSlug = z
  .string()
  .check(z.regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'lower-case letters, digits and "-"'));

/** One section of a content page. */
export const ContentSection = z
  .object({
    heading: z
      .nullable(z.string().check(z.maxLength(200)))
      .check(z.describe("The section's heading (plain text); null: none.")),
    paragraphs: z
      .array(z.string().check(z.maxLength(10_000)))
      .check(z.describe("The section's paragraphs, each plain text.")),
  })
  .check(
    z.meta({
      id: 'ContentSection',
      description:
        'A section of a content page: an optional heading and paragraphs of plain text (never HTML: the widget renders text, so nothing from the server can run in the cashier).',
    }),
  );
/** The type of {@link ContentSection}. */
export type ContentSection = z.infer<typeof ContentSection>;

/** SPEC §7: a content page. */
export const ContentPageResponse = z
  .object({
    slug: ContentSlug,
    title: z.string().check(z.minLength(1), z.maxLength(200)),
    sections: z.array(ContentSection),
    updated_at: DateTime,
  })
  .check(
    z.meta({
      id: 'ContentPageResponse',
      description:
        'A content page (SPEC §2 /content, §7 "GET {url} on the site root"; shape not shown, designed): title, sections of plain text (no raw HTML) and when it last changed. Served at /content/{slug}.',
    }),
  );
/** SPEC §7: a content page. */
export type ContentPageResponse = z.infer<typeof ContentPageResponse>;

/** SPEC §7: the right-to-left icon list. */
export const RtlAssetsResponse = z
  .object({
    rtlImages: z.array(z.string().check(z.regex(/^[a-z0-9_]{1,64}$/, 'an icon name'))),
  })
  .check(
    z.meta({
      id: 'RtlAssetsResponse',
      description:
        'Icons that have a right-to-left variant (SPEC §7 rtlAssets.json, field rtlImages; the widget caches it in browser storage): icon names as used in /assets/icons/{theme}/ic_24_{name}.svg.',
    }),
  );
/** SPEC §7: right-to-left icon list. */
export type RtlAssetsResponse = z.infer<typeof RtlAssetsResponse>;
