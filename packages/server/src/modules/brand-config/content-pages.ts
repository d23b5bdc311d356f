/**
 * A brand's content pages (SPEC §2 /content) per slug and language, written whole and
 * deleted. Sections are plain text: a section's paragraphs are kept as one body separated by
 * blank lines, which is how the content route splits them again (modules/brand-config/content.ts).
 *
 * @packageDocumentation
 */
import type { ContentPageDocument } from '@cashdesk/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { contentPages } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { ConfigChange } from './pay-groups';

type PageRow = typeof contentPages.$inferSelect;

/** A content page as configured. */
export interface ContentPageView extends ContentPageDocument {
  readonly slug: string;
  readonly language: string;
  readonly updated_at: string;
}

function toView(row: PageRow): ContentPageView {
  return {
    slug: row.slug,
    language: row.language,
    title: row.title,
    sections: row.sections.map((section) => ({
      heading: section.title ?? null,
      paragraphs: section.body === '' ? [] : section.body.split('\n\n'),
    })),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The brand's pages, by slug and language. */
export async function listContentPages(db: Executor, brandId: string): Promise<ContentPageView[]> {
  const rows = await db
    .select()
    .from(contentPages)
    .where(eq(contentPages.brandId, brandId))
    .orderBy(asc(contentPages.slug), asc(contentPages.language));
  return rows.map(toView);
}

async function findPage(
  db: Executor,
  brandId: string,
  slug: string,
  language: string,
): Promise<PageRow | undefined> {
  const [row] = await db
    .select()
    .from(contentPages)
    .where(
      and(
        eq(contentPages.brandId, brandId),
        eq(contentPages.slug, slug),
        eq(contentPages.language, language),
      ),
    );
  return row;
}

/** Creates or replaces the page `slug` in `language`. */
export async function putContentPage(
  tx: Executor,
  brandId: string,
  slug: string,
  language: string,
  document: ContentPageDocument,
): Promise<ConfigChange<ContentPageView> & { readonly after: ContentPageView }> {
  const existing = await findPage(tx, brandId, slug, language);
  const values = {
    title: document.title,
    sections: document.sections.map((section) => ({
      ...(section.heading === null ? {} : { title: section.heading }),
      body: section.paragraphs.join('\n\n'),
    })),
  };
  const [row] = await tx
    .insert(contentPages)
    .values({ brandId, slug, language, ...values })
    .onConflictDoUpdate({
      target: [contentPages.brandId, contentPages.slug, contentPages.language],
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  if (row === undefined) throw new Error(`content page ${slug} not written`);
  return {
    target: `content_page:${slug}/${language}`,
    before: existing === undefined ? null : toView(existing),
    after: toView(row),
  };
}

/**
 * Deletes the page `slug` in `language`.
 *
 * @throws {ApiError} operatorNotFound when there is none.
 */
export async function deleteContentPage(
  tx: Executor,
  brandId: string,
  slug: string,
  language: string,
): Promise<ConfigChange<ContentPageView> & { readonly before: ContentPageView }> {
  const existing = await findPage(tx, brandId, slug, language);
  if (existing === undefined) throw new ApiError('operatorNotFound', { field: 'params.slug' });
  await tx.delete(contentPages).where(eq(contentPages.id, existing.id));
  return { target: `content_page:${slug}/${language}`, before: toView(existing), after: null };
}
