import { PageContainer, type PageContainerProps } from '@ant-design/pro-components';

/**
 * Every console page's frame: the title (the route's), the header's actions on the right, the content below. The
 * breadcrumb is left out: the menu already says where the page is.
 */
export function Page({ children, ...props }: PageContainerProps) {
  return (
    <PageContainer breadcrumbRender={false} {...props}>
      {children}
    </PageContainer>
  );
}
