// The offline captcha adapter's challenges (captcha_challenges).

export async function insertCaptchaChallenge(db: D1Database, id: string, answer: string, expiresAt: number): Promise<void> {
  await db.prepare('INSERT INTO captcha_challenges (id, answer, expires_at) VALUES (?, ?, ?)').bind(id, answer, expiresAt).run();
}

/** Mark a challenge solved; true only for the first right answer before it expires, so a token cannot be replayed. */
export async function solveCaptchaChallenge(db: D1Database, id: string, answer: string, now: number): Promise<boolean> {
  const result = await db.prepare('UPDATE captcha_challenges SET used_at = ? WHERE id = ? AND answer = ? AND used_at IS NULL AND expires_at > ?').bind(now, id, answer, now).run();
  return result.meta.changes === 1;
}
