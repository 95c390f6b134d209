import { Button, Form, Input, Rate, type FormInstance } from 'antd';
import { serverMessage } from '../../api/server-message';
import { notify } from '../../app/notify';
import { useSubmitCritiqueMutation, type CritiqueInput, type MemberCritique } from './api';
import { CRITERIA, CRITIQUE_TEXTS } from './critique-texts';

const FEEDBACK_MAX = 1000;

type Draft = Partial<Omit<CritiqueInput, 'feedback'>> & { feedback?: string };

function draftOf(mine: MemberCritique | null): Draft {
  if (!mine) return {};
  return {
    overallRating: Number(mine.overallRating),
    composition: Number(mine.composition),
    lighting: Number(mine.lighting),
    clarity: Number(mine.clarity),
    creativity: Number(mine.creativity),
    feedback: mine.feedback ?? '',
  };
}

/** The chosen score as a number: ten stars are hard to count at a glance. */
function ChosenScore({ form, name }: { form: FormInstance<Draft>; name: (typeof CRITERIA)[number]['key'] }) {
  const value = Form.useWatch(name, form);
  return (
    <span className="critique-form__value tabular-nums" aria-hidden="true" data-testid={`critique-value-${name}`}>
      {value ? `${value}/10` : '–'}
    </span>
  );
}

/** Rate the five criteria with 1 to 10 stars, and add feedback if you like; edits your critique when you have one. */
export function CritiqueForm({ photoId, mine, onDone }: { photoId: string; mine: MemberCritique | null; onDone?: () => void }) {
  const [submit, { isLoading }] = useSubmitCritiqueMutation();
  const [form] = Form.useForm<Draft>();

  const onFinish = async (draft: Draft) => {
    const critique = {
      overallRating: draft.overallRating ?? 0,
      composition: draft.composition ?? 0,
      lighting: draft.lighting ?? 0,
      clarity: draft.clarity ?? 0,
      creativity: draft.creativity ?? 0,
      feedback: draft.feedback?.trim() || null,
    };
    try {
      await submit({ photoId, critique }).unwrap();
      notify.success(mine ? CRITIQUE_TEXTS.updated : CRITIQUE_TEXTS.saved);
      onDone?.();
    } catch (error) {
      notify.error(CRITIQUE_TEXTS.failed, serverMessage(error) ?? CRITIQUE_TEXTS.tryAgain);
    }
  };

  return (
    <Form<Draft> form={form} layout="vertical" requiredMark={false} initialValues={draftOf(mine)} onFinish={(draft) => void onFinish(draft)} className="critique-form" data-testid="critique-form">
      {CRITERIA.map(({ key, label }) => (
        <Form.Item key={key} label={label} required className="critique-form__score">
          <div className="critique-form__stars">
            <Form.Item noStyle name={key} rules={[{ required: true, message: `Give ${label.toLowerCase()} a score from 1 to 10` }]}>
              <Rate count={10} aria-label={`${label}, 1 to 10`} data-testid={`critique-score-${key}`} />
            </Form.Item>
            <ChosenScore form={form} name={key} />
          </div>
        </Form.Item>
      ))}
      <Form.Item name="feedback" label="Feedback (optional)" rules={[{ max: FEEDBACK_MAX, message: 'Feedback must be 1000 characters or less' }]}>
        <Input.TextArea rows={3} maxLength={FEEDBACK_MAX} showCount placeholder="What works, and what would you try next time?" />
      </Form.Item>
      <div className="critique-form__footer">
        {onDone && mine && (
          <Button onClick={onDone} disabled={isLoading}>
            Cancel
          </Button>
        )}
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {mine ? 'Update Critique' : 'Submit Critique'}
        </Button>
      </div>
    </Form>
  );
}
