-- A subscription paid through the PG: the order buys exactly the plan's luv, and the confirm (or the
-- deposit webhook) pays the subscription's first term with it, under the order's id as the term's request key.
-- Both columns are set together, or neither (a plain pack of luv). The channel id is history, like the order itself:
-- no foreign key, so a payment never holds a channel in place.
ALTER TABLE payments ADD COLUMN subscription_channel_id INTEGER;
ALTER TABLE payments ADD COLUMN subscription_plan TEXT CHECK (subscription_plan IS NULL OR subscription_plan IN ('monthly', 'month1', 'month3'));
CREATE TRIGGER payments_subscription_pair BEFORE INSERT ON payments
  WHEN (NEW.subscription_channel_id IS NULL) <> (NEW.subscription_plan IS NULL)
  BEGIN SELECT RAISE(ABORT, 'payments.subscription: channel and plan go together'); END;
