import { useEffect, useRef } from 'react';
import { errorMessage, type ApiError } from '@/lib/api/errors';

/** What a download mutation answers: the object URL of the fetched file. */
export interface DownloadState {
  data?: string | undefined;
  isLoading: boolean;
  error?: ApiError;
}

interface DownloadButtonProps {
  /** The download mutation's state (`useDownloadXMutation()[1]`). */
  state: DownloadState;
  /** Starts the download (the mutation's trigger). */
  onDownload: () => void;
  filename: string;
  label: string;
  /** Shown on the button while the file is fetched. */
  preparing: string;
  className?: string;
  ariaLabel?: string;
}

/**
 * A document the API serves only with the sign-in token (invoice, credit note, certificate,
 * calendar file): the mutation fetches it as an object URL, then a hidden link hands it to the
 * browser, and the URL is freed a minute later.
 */
export function DownloadButton({
  state,
  onDownload,
  filename,
  label,
  preparing,
  className = 'button button--ghost button--block',
  ariaLabel,
}: DownloadButtonProps) {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const url = state.data;
    if (!url || !link.current) return;
    link.current.href = url;
    link.current.click();
    const timer = setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return () => clearTimeout(timer);
  }, [state.data]);
  return (
    <>
      <button type="button" className={className} disabled={state.isLoading} aria-label={ariaLabel} onClick={onDownload}>
        {state.isLoading ? preparing : label}
      </button>
      <a ref={link} hidden download={filename} aria-hidden="true" tabIndex={-1}>
        {label}
      </a>
      {state.error && (
        <p className="message message--error" role="alert">
          {errorMessage(state.error)}
        </p>
      )}
    </>
  );
}
