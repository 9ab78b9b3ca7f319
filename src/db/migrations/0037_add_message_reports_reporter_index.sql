-- A member's own reports (/cs/reports) list the messages they reported beside their other reports: found by
-- reporter, newest first, without reading every member's message reports.
CREATE INDEX message_reports_reporter ON message_reports(reporter_id, id);
