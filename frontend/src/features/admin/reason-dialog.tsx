import { Input, Modal } from 'antd';
import { useEffect, useId, useState, type ReactNode } from 'react';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** What the action does and what is lost. */
  children: ReactNode;
  okText: string;
  danger?: boolean;
  busy: boolean;
  /** The action needs a reason (a rejection); otherwise it is optional. */
  reasonRequired?: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** Confirms an admin action and asks for a reason for the audit trail (optional unless required). */
export function ReasonDialog({ open, title, children, okText, danger = false, busy, reasonRequired = false, onConfirm, onCancel }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const id = useId();
  useEffect(() => {
    if (open) setReason('');
  }, [open]);
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="Cancel"
      okButtonProps={{ danger, loading: busy, disabled: reasonRequired && reason.trim() === '' }}
      onOk={() => onConfirm(reason.trim())}
      onCancel={onCancel}
      destroyOnHidden
    >
      <div className="reason-dialog">
        {children}
        <label htmlFor={id} className="reason-dialog__label">
          {reasonRequired ? 'Reason (required, kept in the audit trail)' : 'Reason (optional, kept in the audit trail)'}
        </label>
        <Input.TextArea id={id} aria-required={reasonRequired} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
      </div>
    </Modal>
  );
}
