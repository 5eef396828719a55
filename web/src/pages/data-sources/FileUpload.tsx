import { useState, type DragEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { TextField } from '@/ui/fields';
import { formatBytes } from '@/ui/format';
import { ErrorNote } from '@/ui/states';
import { uploadFiles } from '@/pages/data-sources/upload';

const ACCEPT = '.pdf,.docx,.html,.htm,.md,.markdown,.txt,.csv,.json';

/** Files dropped on the zone or chosen with the file input are sent at once; the upload queues a sync. */
export function FileUpload({ sourceId, onUploaded }: { sourceId: string; onUploaded: () => void }) {
  const [dragging, setDragging] = useState(false);
  const upload = useMutation({ mutationFn: (files: File[]) => uploadFiles(sourceId, files), onSuccess: onUploaded });

  const send = (files: File[]) => {
    if (files.length > 0) {
      upload.mutate(files);
    }
  };
  const over = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    send([...event.dataTransfer.files]);
  };

  return (
    <div className={dragging ? 'drop-zone dragging' : 'drop-zone'} onDragEnter={over} onDragOver={over} onDragLeave={() => setDragging(false)} onDrop={drop}>
      <p className="drop-hint">Drop files here, or choose them below.</p>
      <TextField
        label="Files to upload"
        type="file"
        multiple
        accept={ACCEPT}
        disabled={upload.isPending}
        hint="PDF, Word (DOCX), HTML, Markdown, text, CSV and JSON: up to 20 files of 50 MB at a time. A file named like one already here replaces it."
        onChange={(event) => {
          send([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <div role="status" className="small">
        {upload.isPending ? `Uploading ${upload.variables.length === 1 ? 'one file' : `${upload.variables.length} files`}…` : null}
        {upload.isSuccess ? (
          <>
            Uploaded, now indexing:{' '}
            {upload.data.files.map((file, index) => (
              <span key={file.sha256 + file.name}>
                {index > 0 ? ', ' : ''}
                {file.name} ({formatBytes(file.size)})
              </span>
            ))}
            .
          </>
        ) : null}
      </div>
      <ErrorNote error={upload.error} />
    </div>
  );
}
