-- Who vouches for a member's consent to the terms: NULL when the person ticked them on the sign-up form, else the
-- code of the partner whose server signed them up with its key and attests it recorded their consent itself.
ALTER TABLE members ADD COLUMN terms_by TEXT REFERENCES partners(code);

-- A phone code confirmed without its country calling code is found by the digits alone: phone_key is
-- "<country code>:<digits>", and this index keeps that lookup off a scan of every phone ever verified.
CREATE INDEX phone_verifications_digits ON phone_verifications (substr(phone_key, instr(phone_key, ':') + 1));
