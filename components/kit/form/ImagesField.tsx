import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useController } from 'react-hook-form';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import { thumbnailUrl, uploadFile } from '@/lib/client/files';
import { withField } from './with-field';
import { useFieldControl } from './field-context';
import { FilePicker } from './FilePicker';

export interface ImageRef {
  hash: string;
  name?: string;
  mime?: string;
}

export interface ImagesInputProps {
  /** Public files are readable without sign-in (primary IP); others through the access-checked path. */
  public?: boolean;
  max?: number;
  testId?: string;
  /** Test id of each preview (default `<testId>-preview`). */
  previewTestId?: string;
  /** Tells the form an upload is running, so it is not saved with half a list. */
  onBusy?: (busy: boolean) => void;
}

/**
 * Chooses images and uploads each as it is chosen, with a labelled progress bar; the server sniffs
 * the type and refuses what is not an image. The value is the list of stored images.
 */
export function ImagesInput({ public: isPublic = false, max = 20, testId = 'images', previewTestId, onBusy }: ImagesInputProps) {
  const { t } = useTranslation('kit');
  const { data: session } = useSession();
  const { field, aria } = useFieldControl();
  const {
    field: { ref: controlRef, ...bound },
  } = useController({ name: field.name });
  const images: ImageRef[] = Array.isArray(bound.value) ? (bound.value as ImageRef[]) : [];
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  const upload = async (files: File[]) => {
    const room = max - images.length;
    const messages: string[] = files.length > room ? [t('files.tooMany', { max })] : [];
    const chosen = files.slice(0, Math.max(room, 0));
    const added: ImageRef[] = [];
    onBusy?.(true);
    setProgress({ done: 0, total: chosen.length });
    for (const [index, file] of chosen.entries()) {
      // The browser's own guess catches a PDF or a text file before it is stored at all.
      if (file.type && !file.type.startsWith('image/')) messages.push(t('files.notImage', { name: file.name }));
      else {
        const answer = await uploadFile(file, { token: session?.accessToken, public: isPublic });
        if (answer.status === 0 && answer.file?.mime.startsWith('image/'))
          added.push({ hash: answer.file.hash, name: file.name, mime: answer.file.mime });
        else if (answer.status === 0) messages.push(t('files.notImage', { name: file.name }));
        else
          messages.push(
            t('files.failed', { name: file.name, reason: Object.values(answer.errors)[0] ?? t('files.unknownFailure') }),
          );
      }
      setProgress({ done: index + 1, total: chosen.length });
    }
    setProgress(null);
    onBusy?.(false);
    setProblems(messages);
    const known = new Set(images.map((image) => image.hash));
    bound.onChange([...images, ...added.filter((image) => !known.has(image.hash))]);
  };

  return (
    <>
      <FilePicker
        {...aria}
        ref={(el: HTMLInputElement | null) => {
          input.current = el;
          controlRef(el);
        }}
        accept="image/png,image/jpeg,image/webp,image/gif"
        multiple
        disabled={progress !== null || images.length >= max}
        isInvalid={field.invalid || problems.length > 0}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          if (input.current) input.current.value = '';
          if (files.length) void upload(files);
        }}
        data-testid={`${testId}-input`}
      />
      {problems.map((message) => (
        <div key={message} className="invalid-feedback d-block" role="alert" data-testid={`${testId}-error`}>
          {message}
        </div>
      ))}
      {progress && (
        <div className="mt-2" data-testid={`${testId}-progress`}>
          <ProgressBar
            now={progress.total ? (progress.done / progress.total) * 100 : 0}
            label={t('files.uploading', { done: progress.done, total: progress.total })}
            aria-label={t('files.uploading', { done: progress.done, total: progress.total })}
            animated
          />
        </div>
      )}
      {images.length > 0 && (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0" data-testid={`${testId}-previews`}>
          {images.map((image) => (
            <li key={image.hash} className="border rounded p-1 text-center" style={{ width: 132 }}>
              {/* eslint-disable-next-line @next/next/no-img-element -- already resized by the site's own image path */}
              <img
                src={thumbnailUrl(image.hash, 256, isPublic)}
                width={120}
                height={120}
                alt={image.name ?? ''}
                className="rounded"
                style={{ objectFit: 'cover' }}
                data-testid={previewTestId ?? `${testId}-preview`}
              />
              <div className="small text-truncate" title={image.name}>
                {image.name}
              </div>
              <Button
                variant="link"
                size="sm"
                className="kit-link-danger"
                onClick={() => bound.onChange(images.filter((other) => other.hash !== image.hash))}
                aria-label={t('files.removeNamed', { name: image.name ?? '' })}
              >
                {t('files.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export const ImagesField = withField(ImagesInput);
