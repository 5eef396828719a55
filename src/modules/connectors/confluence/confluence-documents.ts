import type { Attachment, ConfluenceClient, ContentPage } from '#src/modules/connectors/confluence/confluence-client.js';
import { storageToHtml } from '#src/modules/connectors/confluence/confluence-storage.js';
import type { MissingDocument, SourceDocument } from '#src/modules/connectors/document-source.js';
import { ProviderCallError } from '#src/modules/connectors/provider/provider-failure.js';

export const MAX_ATTACHMENT_BYTES = 50 * 1024 * 1024;
const ATTACHMENTS_PER_PAGE = 50;
const MEDIA_TYPES = /^(image|video|audio)\//i;

/** Where a person opens content of the site: its `_links.webui`, under the site's /wiki. */
export function webUrl(siteUrl: string, content: { id: string; _links: { webui?: string } }): string {
  return content._links.webui ? `${siteUrl}/wiki${content._links.webui}` : `${siteUrl}/wiki/pages/viewpage.action?pageId=${encodeURIComponent(content.id)}`;
}

export function pageDocument(siteUrl: string, page: ContentPage): SourceDocument | MissingDocument {
  const url = webUrl(siteUrl, page);
  const storage = page.body?.storage?.value;
  if (storage === undefined) {
    return { key: page.id, url, error: 'Confluence answered the page without its body' };
  }
  return { key: page.id, url, title: page.title, input: () => Promise.resolve({ format: 'html', html: storageToHtml(page.title, storage), url }) };
}

/** The attachments of a page that become documents (images and other media are not read); none when the page is gone. */
export async function* indexableAttachments(client: ConfluenceClient, pageId: string): AsyncIterable<Attachment> {
  let results;
  try {
    results = await client.attachments(pageId, ATTACHMENTS_PER_PAGE);
  } catch (error) {
    if (error instanceof ProviderCallError && error.failure.kind === 'not_found') {
      return;
    }
    throw error;
  }
  for (;;) {
    yield* results.results.filter((attachment) => !MEDIA_TYPES.test(mediaType(attachment) ?? ''));
    if (!results._links.next) {
      return;
    }
    results = await client.next<Attachment>(results._links.next);
  }
}

/**
 * An attachment as a file document. It is downloaded here rather than when its input is read, so that one
 * deleted meanwhile, or refused, becomes a missing document instead of failing the sync.
 */
export async function attachmentDocument(client: ConfluenceClient, siteUrl: string, attachment: Attachment): Promise<SourceDocument | MissingDocument> {
  const key = attachment.id;
  const url = webUrl(siteUrl, attachment);
  const size = attachment.extensions?.fileSize;
  if (size !== undefined && size > MAX_ATTACHMENT_BYTES) {
    return { key, url, error: `The attachment is larger than ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MiB` };
  }
  const download = attachment._links.download;
  if (!download) {
    return { key, url, error: 'Confluence gives no download link for this attachment' };
  }
  try {
    const { bytes, contentType } = await client.download(download, MAX_ATTACHMENT_BYTES);
    const name = attachment.title;
    const type = mediaType(attachment) ?? contentType;
    return { key, url, title: name, input: () => Promise.resolve({ format: 'file', name, bytes, contentType: type }) };
  } catch (error) {
    if (error instanceof ProviderCallError && (error.failure.kind === 'not_found' || error.failure.kind === 'fatal')) {
      return { key, url, error: error.message };
    }
    throw error;
  }
}

function mediaType(attachment: Attachment): string | undefined {
  return attachment.extensions?.mediaType ?? attachment.metadata?.mediaType;
}
