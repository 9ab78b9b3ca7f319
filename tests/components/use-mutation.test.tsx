// One change through the API (useMutation, client/data/use-mutation.ts): a double click sends once, and a failure is
// said in one place, the form's FormStatus or the one global notice (the alert atom), and not at all when the global
// popup has said it.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { FormStatus } from '../../client/components/ui/small-form';
import type { ApiResult } from '../../client/data/api';
import { useMutation } from '../../client/data/use-mutation';
import { I18nProvider } from '../../client/i18n/i18n';
import { alertMessageAtom } from '../../client/state/ui';
import { loadMessages } from '../../src/lib/i18n';

type Answer = ApiResult<{ saved: true }>;
const refused = (status: number, code: string | null, message: string): Answer => ({ ok: false, status, body: null, code, message });

/** A save button whose call answers `answer` once `release` is called; `sent` counts the calls. */
function SaveForm({ show, answer, sent, gate }: { show?: 'form'; answer: Answer; sent: { count: number }; gate: Promise<void> }) {
  const save = useMutation(
    async () => {
      sent.count += 1;
      await gate;
      return answer;
    },
    { fallback: 'settings.failed', show },
  );
  return (
    <form
      aria-label="설정"
      onSubmit={(event) => {
        event.preventDefault();
        void save.run();
      }}
    >
      <button type="submit" aria-busy={save.pending}>
        저장
      </button>
      <FormStatus failure={save.failure} />
    </form>
  );
}

async function submitTwice(props: { show?: 'form'; answer: Answer }) {
  const store = createStore();
  const sent = { count: 0 };
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  render(
    <Provider store={store}>
      <I18nProvider locale="ko" messages={loadMessages('ko')}>
        <SaveForm {...props} sent={sent} gate={gate} />
      </I18nProvider>
    </Provider>,
  );
  const user = userEvent.setup({ delay: null });
  const button = screen.getByRole('button', { name: '저장' });
  await user.click(button);
  await user.click(button);
  release();
  await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));
  return { sent, notice: () => store.get(alertMessageAtom) };
}

describe('useMutation', () => {
  it('sends once for a double click; a form says the refusal in the server words under it, as an alert', async () => {
    const { sent, notice } = await submitTwice({ show: 'form', answer: refused(409, 'TAKEN', '이미 쓰는 닉네임입니다.') });
    expect(sent.count).toBe(1);
    expect(screen.getByRole('alert')).toHaveTextContent('이미 쓰는 닉네임입니다.');
    expect(notice()).toBeNull();
  });

  it('a refusal without words says the fallback key', async () => {
    await submitTwice({ show: 'form', answer: refused(400, 'BAD_REQUEST', '') });
    expect(screen.getByRole('alert')).toHaveTextContent((loadMessages('ko') as unknown as { settings: { failed: string } }).settings.failed);
  });

  it('anything but a form says it in the one global notice', async () => {
    const { notice } = await submitTwice({ answer: refused(409, 'TAKEN', '이미 쓰는 닉네임입니다.') });
    expect(notice()).toBe('이미 쓰는 닉네임입니다.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says nothing for a call that got no answer: the global popup has said it', async () => {
    const { notice } = await submitTwice({ answer: refused(0, 'NETWORK', '') });
    expect(notice()).toBeNull();
  });

  it('says nothing for an unexplained 5xx, in a form too', async () => {
    const { notice } = await submitTwice({ show: 'form', answer: refused(500, 'INTERNAL', '일시적인 오류') });
    expect(notice()).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
