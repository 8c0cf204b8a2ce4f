#include "catch_session.hpp"

int main(int argc, char** argv)
{
    return popscope::test::runCatchSession(argc, argv);
}
