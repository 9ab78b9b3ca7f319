// Where the customer service pages are, apart from the rest of the rules: the header links the staff console on
// every page, and only these paths come into the first load with it.
/** Where the customer service pages are (the client links them, the edge renders them). */
export const CS_PATHS = {
  notices: '/cs/notices',
  developNotices: '/cs/develop-notices',
  guides: '/cs/guides',
  post: (id: number) => `/cs/posts/${id}`,
  inquiries: '/cs/inquiries',
  inquiry: (id: number) => `/cs/inquiries/${id}`,
  reports: '/cs/reports',
  accountChange: '/cs/account-change',
  staff: '/staff/cs',
  policy: (file: string) => `/policies/${file}`,
} as const;
