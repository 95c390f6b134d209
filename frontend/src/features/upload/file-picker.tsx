import { InboxOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { ACCEPT_ATTRIBUTE } from './upload-validation';

interface FilePickerProps {
  file: File | null;
  /** Called with the one file chosen or dropped; validation is the caller's. */
  onChoose: (file: File) => void;
  disabled?: boolean;
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** One photo, chosen with the file dialog or dropped on the zone, with a preview once chosen. */
export function FilePicker({ file, onChoose, disabled = false }: FilePickerProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);

  useEffect(() => {
    setPreviewFailed(false);
    if (!file) {
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const take = (files: FileList | null) => {
    const chosen = files?.[0];
    if (chosen) onChoose(chosen);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  return (
    <div
      className={`file-picker${dragging ? ' file-picker--dragging' : ''}${file ? ' file-picker--chosen' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {/* The button opens it; keyboard and screen-reader users meet the button only. */}
      <input
        ref={inputRef}
        id={inputId}
        className="visually-hidden"
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        disabled={disabled}
        tabIndex={-1}
        aria-hidden="true"
        data-testid="photo-file-input"
        onChange={(event) => {
          take(event.target.files);
          // Choosing the same file again after an error must fire a change too.
          event.target.value = '';
        }}
      />
      {file && preview && !previewFailed ? (
        <img className="file-picker__preview" src={preview} alt="Preview of the chosen photo" onError={() => setPreviewFailed(true)} />
      ) : (
        <InboxOutlined className="file-picker__icon" aria-hidden="true" />
      )}
      {file ? (
        <p className="file-picker__name">
          <strong>{file.name}</strong> <span className="tabular-nums">({formatSize(file.size)})</span>
        </p>
      ) : (
        <p className="file-picker__prompt">Drag your photo here, or</p>
      )}
      <Button onClick={() => inputRef.current?.click()} disabled={disabled} aria-describedby={`${inputId}-hint`}>
        {file ? 'Choose a Different Photo' : 'Choose Photo'}
      </Button>
      <p className="file-picker__hint" id={`${inputId}-hint`}>
        JPG, PNG, HEIC or WebP, at least 800x600 pixels. One photo at a time.
      </p>
    </div>
  );
}
