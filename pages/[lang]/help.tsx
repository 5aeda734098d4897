import { HelpView } from '@/components/help/HelpView';
import { withPage } from '@/components/kit/shell/withPage';
import { helpPageProps } from '@/lib/server/help/help-props';

export default withPage('/help', HelpView);
export const getServerSideProps = helpPageProps;
