import type { GraphClient, GraphDrive } from '#src/modules/connectors/sharepoint/graph-client.js';
import type { SharePointConfigDto } from '#src/modules/connectors/sharepoint/sharepoint-config.dto.js';

/** The document libraries a source reads, each once, in a stable order. */
export async function resolveDrives(graph: GraphClient, config: SharePointConfigDto): Promise<GraphDrive[]> {
  const drives = new Map<string, GraphDrive>();
  const add = (drive: GraphDrive): void => {
    if (!drives.has(drive.id)) {
      drives.set(drive.id, drive);
    }
  };
  const siteUrls = config.site_urls ?? [];
  const driveIds = config.drive_ids ?? [];
  if (siteUrls.length === 0 && driveIds.length === 0) {
    for await (const site of graph.searchSites()) {
      for await (const drive of graph.siteDrives(site.id)) {
        add(drive);
      }
    }
  }
  for (const siteUrl of siteUrls) {
    const site = await graph.siteByUrl(siteUrl);
    for await (const drive of graph.siteDrives(site.id)) {
      add(drive);
    }
  }
  for (const driveId of driveIds) {
    add(await graph.drive(driveId));
  }
  return [...drives.values()];
}
