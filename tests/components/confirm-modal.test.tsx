// The question a destructive action asks (useConfirm over ConfirmModal, client/components/ui/use-confirm.tsx), in
// place of the browser's confirm: its answer, the keyboard, and where focus goes.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useConfirm } from '../../client/components/ui/use-confirm';
import { I18nProvider } from '../../client/i18n/i18n';
import { loadMessages } from '../../src/lib/i18n';

const QUESTION = '이 글을 삭제할까요?';

/** A delete button that asks first, and records each answer. */
function DeleteButton({ answers }: { answers: boolean[] }) {
  const { confirm, confirmDialog } = useConfirm('test-delete-modal');
  return (
    <>
      <button type="button" onClick={async () => answers.push(await confirm(QUESTION))}>
        글 삭제
      </button>
      {confirmDialog}
    </>
  );
}

async function ask() {
  const answers: boolean[] = [];
  render(
    <I18nProvider locale="ko" messages={loadMessages('ko')}>
      <DeleteButton answers={answers} />
    </I18nProvider>,
  );
  const user = userEvent.setup({ delay: null });
  const button = screen.getByRole('button', { name: '글 삭제' });
  await user.click(button);
  const dialog = await screen.findByRole('dialog', { name: '삭제 확인' });
  return { answers, user, button, dialog };
}

describe('useConfirm', () => {
  it('asks in a labelled dialog, focus on cancel; the danger button answers true and focus goes back', async () => {
    const { answers, user, button, dialog } = await ask();
    expect(dialog).toHaveAccessibleDescription(QUESTION);
    expect(screen.getByRole('button', { name: '취소' })).toHaveFocus();
    const remove = screen.getByRole('button', { name: '삭제' });
    expect(remove).toHaveClass('btn-danger');
    await user.click(remove);
    await waitFor(() => expect(answers).toEqual([true]));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it("Esc (the dialog's cancel event) answers false and focus goes back", async () => {
    const { answers, button, dialog } = await ask();
    // A browser turns Esc in a modal dialog into its cancel event; happy-dom does not, so the event is sent here.
    act(() => void dialog.dispatchEvent(new Event('cancel', { cancelable: true })));
    await waitFor(() => expect(answers).toEqual([false]));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('cancel answers false and focus goes back', async () => {
    const { answers, user, button } = await ask();
    await user.click(screen.getByRole('button', { name: '취소' }));
    await waitFor(() => expect(answers).toEqual([false]));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });
});
