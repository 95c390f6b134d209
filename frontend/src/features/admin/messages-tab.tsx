import { CommentOutlined, DeleteOutlined, InboxOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Input, Tag } from 'antd';
import { useId, useState } from 'react';
import { notify, NOTICES } from '../../app/notify';
import { categoryLabel } from '../contact/contact-rules';
import { formatDateTime } from './admin-dates';
import { useAddMessageResponseMutation, useArchiveMessageMutation, useChangeMessageStatusMutation, useDeleteMessageMutation } from './api';
import { failureReason } from './failure-reason';
import { nextStatus, statusAction, statusLabel } from './message-status';
import { ReasonDialog } from './reason-dialog';
import type { ContactMessage } from './types';

const RESPONSE_MAX = 5000;

type PendingAction = { kind: 'archive' | 'delete'; message: ContactMessage } | null;

/** Contact messages, newest first: cycle the status, respond, archive or delete. */
export function MessagesTab({ messages }: { messages: ContactMessage[] }) {
  const [changeStatus] = useChangeMessageStatusMutation();
  const [archive, archiveState] = useArchiveMessageMutation();
  const [remove, removeState] = useDeleteMessageMutation();
  const [statusBusy, setStatusBusy] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingAction>(null);

  const cycleStatus = async (message: ContactMessage) => {
    const status = nextStatus(message.status);
    setStatusBusy(message.id);
    try {
      await changeStatus({ id: message.id, status, reason: `Marked as ${statusLabel(status)} in the admin panel` }).unwrap();
      notify.success(NOTICES.statusUpdated, `“${message.subject}” is now ${statusLabel(status)}.`);
    } catch (error) {
      notify.error(NOTICES.updateStatusFailed, failureReason(error));
    } finally {
      setStatusBusy(null);
    }
  };

  const confirm = async (reason: string) => {
    if (!pending) return;
    const { kind, message } = pending;
    try {
      if (kind === 'archive') {
        await archive({ id: message.id, reason }).unwrap();
        notify.success(NOTICES.messageArchived);
      } else {
        await remove({ id: message.id, reason }).unwrap();
        notify.success(NOTICES.messageDeleted);
      }
      setPending(null);
    } catch (error) {
      notify.error(kind === 'archive' ? NOTICES.archiveMessageFailed : NOTICES.deleteMessageFailed, failureReason(error));
    }
  };

  if (messages.length === 0) return <p className="admin-empty">No messages match your search.</p>;

  return (
    <>
      <ul className="admin-messages" aria-label="Contact messages">
        {messages.map((message) => (
          <li key={message.id} className={`admin-message admin-message--${message.status}`} data-testid="admin-message">
            <div className="admin-message__head">
              <h3 className="admin-message__subject">{message.subject}</h3>
              <div className="admin-tags">
                <Tag className="admin-tag">{categoryLabel(message.category)}</Tag>
                <Tag className={`admin-tag admin-status admin-status--${message.status}`}>{statusLabel(message.status)}</Tag>
              </div>
            </div>
            <p className="admin-row__sub">
              From {message.name} &lt;<a href={`mailto:${message.email}`}>{message.email}</a>&gt; · {formatDateTime(message.createdAt)}
              {message.userId && ' · member'}
            </p>
            <p className="admin-message__text">{message.message}</p>
            {message.responses.length > 0 && (
              <ol className="admin-responses" aria-label="Responses">
                {message.responses.map((response) => (
                  <li key={response.id} className="admin-response">
                    <p className="admin-response__meta">Response · {formatDateTime(response.createdAt)}</p>
                    <p className="admin-response__text">{response.responseText}</p>
                  </li>
                ))}
              </ol>
            )}
            <MessageActions
              message={message}
              statusBusy={statusBusy === message.id}
              onCycleStatus={() => void cycleStatus(message)}
              onArchive={() => setPending({ kind: 'archive', message })}
              onDelete={() => setPending({ kind: 'delete', message })}
            />
          </li>
        ))}
      </ul>
      <ReasonDialog
        open={pending?.kind === 'archive'}
        title="Archive this message?"
        okText="Archive Message"
        busy={archiveState.isLoading}
        onConfirm={(reason) => void confirm(reason)}
        onCancel={() => setPending(null)}
      >
        <p>“{pending?.message.subject}” moves to the archive. You can reopen it with its status button.</p>
      </ReasonDialog>
      <ReasonDialog
        open={pending?.kind === 'delete'}
        title="Delete this message?"
        okText="Delete Message"
        danger
        busy={removeState.isLoading}
        onConfirm={(reason) => void confirm(reason)}
        onCancel={() => setPending(null)}
      >
        <p>
          “{pending?.message.subject}” from {pending?.message.name} and its responses are removed for good. This cannot be undone.
        </p>
      </ReasonDialog>
    </>
  );
}

interface MessageActionsProps {
  message: ContactMessage;
  statusBusy: boolean;
  onCycleStatus: () => void;
  onArchive: () => void;
  onDelete: () => void;
}

function MessageActions({ message, statusBusy, onCycleStatus, onArchive, onDelete }: MessageActionsProps) {
  const [responding, setResponding] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [respond, respondState] = useAddMessageResponseMutation();
  const fieldId = useId();

  const send = async () => {
    const responseText = text.trim();
    if (!responseText) {
      setProblem('Response is required');
      return;
    }
    try {
      await respond({ id: message.id, responseText }).unwrap();
      notify.success(NOTICES.responseAdded);
      setText('');
      setResponding(false);
    } catch (error) {
      notify.error(NOTICES.addResponseFailed, failureReason(error));
    }
  };

  return (
    <>
      <div className="admin-message__actions">
        <Button icon={<SyncOutlined aria-hidden="true" />} onClick={onCycleStatus} loading={statusBusy}>
          {statusAction(message.status)}
        </Button>
        <Button icon={<CommentOutlined aria-hidden="true" />} onClick={() => setResponding((open) => !open)} aria-expanded={responding}>
          Respond
        </Button>
        <Button icon={<InboxOutlined aria-hidden="true" />} onClick={onArchive} disabled={message.status === 'archived'}>
          Archive
        </Button>
        <Button danger icon={<DeleteOutlined aria-hidden="true" />} onClick={onDelete}>
          Delete
        </Button>
      </div>
      {responding && (
        <div className="admin-respond">
          <label htmlFor={fieldId} className="admin-respond__label">
            Your response to {message.name}
          </label>
          <Input.TextArea
            id={fieldId}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (problem) setProblem(null);
            }}
            maxLength={RESPONSE_MAX}
            autoSize={{ minRows: 3, maxRows: 10 }}
            status={problem ? 'error' : undefined}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${fieldId}-error` : undefined}
          />
          {problem && (
            <p id={`${fieldId}-error`} className="admin-respond__error" role="alert">
              {problem}
            </p>
          )}
          <div className="admin-respond__footer">
            <Button onClick={() => setResponding(false)}>Cancel</Button>
            <Button type="primary" loading={respondState.isLoading} onClick={() => void send()}>
              Send Response
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
