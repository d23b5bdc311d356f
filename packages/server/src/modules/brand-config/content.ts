/**
 * Content pages (SPEC §2 /content, §7 "GET {url} on the site root"): the brand's pages by address
 * segment (slug) and language, as title, plain-text sections and the time of the last change.
 *
 * @packageDocumentation
 */
import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_LANGUAGE } from '@cashdesk/domain';
import type { ContentPageResponse, ContentSection } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { contentPages } from '../../db/schema';
import type { ContentSection as StoredSection } from '../../db/schema';
import { ApiError } from '../../http/api-error';

/** A blank line separates paragraphs in a stored section body. */
const PARAGRAPH_BREAK = /\n[ \t]*\n/;

/**
 * A stored section in its wire shape: the title as heading (null without one) and the body split
 * into paragraphs at blank lines, each trimmed, empty ones dropped. Text stays text: the widget
 * renders it as such, so nothing stored here can run in the cashier.
 */
export function toContentSection(section: StoredSection): ContentSection {
  const heading = section.title?.trim() ?? '';
  return {
    heading: heading === '' ? null : heading,
    paragraphs: section.body
      .split(PARAGRAPH_BREAK)
      .map((paragraph) => paragraph.trim())
      .filter((paragraph) => paragraph !== ''),
  };
}

/** What {@link getContentPage} looks up. */
export interface ContentPageQuery {
  readonly brandId: string;
  readonly slug: string;
  /** The session's language; the page in {@link DEFAULT_LANGUAGE} stands in when missing. */
  readonly language: string;
}

/**
 * SPEC §7: the brand's content page at `slug` in the session's language, else in the default
 * language (en, SPEC §9), so a brand need not translate every page before it can link to it.
 *
 * @throws {ApiError} notFound (field `params.slug`) when the brand has no such page.
 */
export async function getContentPage(
  db: Executor,
  query: ContentPageQuery,
): Promise<ContentPageResponse> {
  const languages = [...new Set([query.language, DEFAULT_LANGUAGE])];
  const rows = await db
    .select()
    .from(contentPages)
    .where(
      and(
        eq(contentPages.brandId, query.brandId),
        eq(contentPages.slug, query.slug),
        inArray(contentPages.language, languages),
      ),
    );
  const page =
    rows.find((row) => row.language === query.language) ??
    rows.find((row) => row.language === DEFAULT_LANGUAGE);
  if (page === undefined) {
    throw new ApiError('notFound', {
      field: 'params.slug',
      detail: `no content page ${query.slug}`,
    });
  }
  return {
    slug: page.slug,
    title: page.title,
    sections: page.sections.map(toContentSection),
    updated_at: page.updatedAt.toISOString(),
  };
}
