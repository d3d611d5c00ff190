@testable import ScreenAuditKit

/// Dumps in the formats XCUITest, Appium and uiautomator write, composed for these tests after the
/// shape of public dumps (Xcode 14+ `debugDescription`, the older `traits:` form, Appium's iOS
/// page source, and `uiautomator dump` XML as `adb exec-out … /dev/tty` prints it). The apps and their texts are made up.
enum HierarchyFixtures {
    /// The `HierarchyError` `body` throws, or nil when it does not.
    static func error<Value>(_ body: () throws -> Value) -> HierarchyError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? HierarchyError
        }
    }

    /// Part of the same sign-in screen as Appium's XCUITest driver returns its page source
    /// (after the shape of public sources: `<AppiumAUT>`, one element per node named for its
    /// type, `name` the identifier or else the label, integer frames in points), with a cell
    /// scrolled out of view that the source marks not visible.
    static let signInAppium = """
    <?xml version="1.0" encoding="UTF-8"?>
    <AppiumAUT>
      <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Plant Diary" label="Plant Diary" enabled="true" visible="true" accessible="false" x="0" y="0" width="393" height="852" index="0">
        <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" accessible="false" x="0" y="0" width="393" height="852" index="0">
          <XCUIElementTypeOther type="XCUIElementTypeOther" enabled="true" visible="true" accessible="false" x="0" y="0" width="393" height="852" index="0">
            <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="Welcome back" name="welcome" label="Welcome back" enabled="true" visible="true" accessible="true" x="24" y="140" width="345" height="41" index="0"/>
            <XCUIElementTypeTextField type="XCUIElementTypeTextField" value="Email" name="email" label="" enabled="true" visible="true" accessible="true" x="24" y="240" width="345" height="44" index="1" placeholderValue="Email"/>
            <XCUIElementTypeSwitch type="XCUIElementTypeSwitch" value="1" name="remember" label="Remember me" enabled="true" visible="true" accessible="true" selected="true" x="318" y="356" width="51" height="31" index="2"/>
            <XCUIElementTypeButton type="XCUIElementTypeButton" name="signInButton" label="Sign in" enabled="false" visible="true" accessible="true" x="24" y="420" width="345" height="50" index="3">
              <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="Sign in" name="Sign in" label="Sign in" enabled="true" visible="true" accessible="false" x="166" y="434" width="61" height="22" index="0"/>
            </XCUIElementTypeButton>
            <XCUIElementTypeButton type="XCUIElementTypeButton" name="Close" label="Close" enabled="true" visible="true" accessible="true" x="349" y="70" width="30" height="30" index="4"/>
            <XCUIElementTypeCell type="XCUIElementTypeCell" enabled="true" visible="false" accessible="false" x="0" y="900" width="393" height="44" index="5">
              <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="Help &amp; support" name="Help &amp; support" label="Help &amp; support" enabled="true" visible="false" accessible="true" x="16" y="912" width="200" height="20" index="0"/>
            </XCUIElementTypeCell>
          </XCUIElementTypeOther>
        </XCUIElementTypeWindow>
      </XCUIElementTypeApplication>
    </AppiumAUT>
    """

    /// A sign-in screen of a 393 × 852 pt iPhone, as `XCUIApplication().debugDescription` prints it.
    static let signIn = """
    Attributes: Application, 0x600003e0c1c0, pid: 48213, label: 'Plant Diary'
    Element subtree:
     →Application, 0x600003e0c1c0, pid: 48213, label: 'Plant Diary'
        Window (Main), 0x600003e0c2a0, {{0.0, 0.0}, {393.0, 852.0}}
          Other, 0x600003e0c380, {{0.0, 0.0}, {393.0, 852.0}}
            NavigationBar, 0x600003e0c460, {{0.0, 59.0}, {393.0, 44.0}}, identifier: 'Sign in'
              StaticText, 0x600003e0c540, {{163.7, 70.3}, {65.7, 21.7}}, label: 'Sign in'
            StaticText, 0x600003e0c620, {{24.0, 140.0}, {345.0, 41.0}}, identifier: 'welcome', label: 'Welcome back'
            StaticText, 0x600003e0c700, {{24.0, 189.0}, {345.0, 20.3}}, label: 'Indian Laurel Fig Tree 'Green Gem''
            TextField, 0x600003e0c7e0, {{24.0, 240.0}, {345.0, 44.0}}, identifier: 'email', placeholderValue: 'Email', value: Email
            SecureTextField, 0x600003e0c8c0, {{24.0, 296.0}, {345.0, 44.0}}, identifier: 'password', placeholderValue: 'Password'
            Switch, 0x600003e0c9a0, {{318.0, 356.0}, {51.0, 31.0}}, identifier: 'remember', label: 'Remember me', value: 1, Selected
            Button, 0x600003e0ca80, {{24.0, 420.0}, {345.0, 50.0}}, identifier: 'signInButton', label: 'Sign in'
              StaticText, 0x600003e0cb60, {{166.0, 434.0}, {61.0, 22.0}}, label: 'Sign in'
            Button, 0x600003e0cc40, {{24.0, 486.0}, {120.0, 30.0}}, label: 'Forgot password?'
            Button, 0x600003e0cd20, {{349.0, 70.0}, {30.0, 30.0}}, label: 'Close'
            Link, 0x600003e0ce00, {{24.0, 760.0}, {200.0, 20.0}}, label: 'Terms, privacy & cookies'
            Image, 0x600003e0cee0, {{150.0, 560.0}, {93.0, 93.0}}, identifier: 'logo', label: '🌿 Plant Diary'
            StaticText, 0x600003e0cfc0, {{0.0, 0.0}, {0.0, 0.0}}, label: 'Loading…'
            StaticText, 0x600003e0d0a0, {{380.0, 800.0}, {40.0, 20.0}}, label: 'v2.1'
            Other, 0x600003e0d180, {{360.0, 49.0}, {30.0, 753.7}}, label: 'Vertical scroll bar, 2 pages', value: 0%
    Path to element:
     →Application, 0x600003e0c1c0, pid: 48213, label: 'Never parsed'
    Query chain:
     →Find: Target Application 'org.example.plantdiary'
      Output: {
        Application, 0x600003e0c1c0, pid: 48213, label: 'Plant Diary'
      }
    """

    /// The older form (Xcode 9–13): `Type 0xADDRESS: traits: N, {{…}}, …`.
    static let olderForm = """
    Attributes: Application 0x7f9c1e40a4e0: traits: 8388608, label: 'Notes'
    Element subtree:
     →Application 0x7f9c1e40a4e0: traits: 8388608, label: 'Notes'
        Window 0x7f9c1e40a5c0: traits: 0, {{0.0, 0.0}, {375.0, 667.0}}
          Button 0x600000e3c5b0: traits: 8589934593, {{16.0, 20.0}, {44.0, 44.0}}, label: 'Back'
          StaticText 0x600000e3c690: traits: 8589934656, {{70.0, 30.0}, {200.0, 24.0}}, label: 'All notes'
    """

    /// A settings screen of a 1080 × 2400 px Android phone at 420 dpi (2.625 px per dp), as
    /// `adb exec-out uiautomator dump /dev/tty` prints it: the XML on one line, then its own note.
    static let settings = """
    <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="org.example.settings" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]"><node index="0" text="Display &amp; brightness" resource-id="org.example.settings:id/title" class="android.widget.TextView" package="org.example.settings" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[63,189][1017,273]" /><node index="1" text="" resource-id="org.example.settings:id/dark_mode" class="android.widget.Switch" package="org.example.settings" content-desc="Dark mode" checkable="true" checked="true" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[882,336][1017,441]" /><node index="2" text="Save" resource-id="org.example.settings:id/save" class="android.widget.Button" package="org.example.settings" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[63,2184][1017,2310]" /><node index="3" text="" resource-id="" class="android.widget.ImageButton" package="org.example.settings" content-desc="Navigate up" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,63][84,147]" /><node index="4" text="" resource-id="org.example.settings:id/name" class="android.widget.EditText" package="org.example.settings" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="true" password="false" selected="false" bounds="[63,504][1017,630]" /><node index="5" text="Résumé 😀" resource-id="" class="android.widget.TextView" package="org.example.settings" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[63,693][600,756]" /><node index="6" text="" resource-id="" class="android.widget.SeekBar" package="org.example.settings" content-desc="Brightness" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[63,819][1017,903]" /></node></hierarchy>
    UI hierchary dumped to: /dev/tty
    """
}
